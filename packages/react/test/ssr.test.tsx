// @vitest-environment node
// Server-side rendering: no window, no document, no Worker. Importing the package and
// rendering a scene to HTML must work and create no world (effects do not run on a server).
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('server-side rendering', () => {
  it('imports without a window and renders a scene to HTML without creating a world', async () => {
    expect(typeof window).toBe('undefined');
    const { Body, Bounds, Physics, Shape } = await import('../src/index.js');
    const html = renderToString(
      <Physics>
        <Bounds />
        <Body className="card">
          <Shape type="box" width={1} height={1} />
          hello
        </Body>
      </Physics>,
    );
    expect(html).toBe('<div class="card">hello</div>');
  });
});
