/**
 * A small WebDriver (W3C, over HTTP) client: the commands the browser tests use, no more.
 * WebKitGTK's WebKitWebDriver speaks it; one session per driver process.
 */

export class WebDriverError extends Error {}

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  static async create(base: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = (await command(base, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    })) as {
      sessionId: string;
      capabilities: Record<string, unknown>;
    };
    return new WebDriverSession(base, value.sessionId, value.capabilities);
  }

  private send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    return command(this.base, method, `/session/${this.id}${path}`, body);
  }

  async navigate(url: string): Promise<void> {
    await this.send('POST', '/url', { url });
  }

  async setWindowSize(width: number, height: number): Promise<void> {
    await this.send('POST', '/window/rect', { width, height });
  }

  /**
   * Runs `source` (a function's text) with `arg` in the page and returns its result, awaited
   * if it is a promise. A thrown error comes back as a WebDriverError with the page's message.
   */
  async call<R>(source: string, arg: unknown): Promise<R> {
    const script = `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (${source})(arguments[0])).then(
  (value) => done({ value: value === undefined ? null : value }),
  (e) => done({ error: String(e && e.stack ? e.message + '\\n' + e.stack : e) }),
);`;
    const out = (await this.send('POST', '/execute/async', { script, args: [arg ?? null] })) as {
      value?: R;
      error?: string;
    };
    if (out.error !== undefined) throw new WebDriverError(`in the page: ${out.error}`);
    return out.value as R;
  }

  async setScriptTimeout(ms: number): Promise<void> {
    await this.send('POST', '/timeouts', { script: ms });
  }

  /** One batch of pointer actions for the session's mouse; its state (pressed or not) persists. */
  async pointer(actions: Record<string, unknown>[]): Promise<void> {
    await this.send('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    });
  }

  async screenshotPng(): Promise<Buffer> {
    return Buffer.from((await this.send('GET', '/screenshot')) as string, 'base64');
  }

  async delete(): Promise<void> {
    await this.send('DELETE', '');
  }
}

async function command(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as { value: unknown };
  if (!response.ok) {
    const v = json.value as { error?: string; message?: string } | null;
    throw new WebDriverError(
      `WebDriver ${method} ${path}: ${v?.error ?? response.status}: ${v?.message ?? ''}`,
    );
  }
  return json.value;
}

/** Waits until the driver at `base` answers /status as ready. */
export async function waitForDriver(base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const status = (await command(base, 'GET', '/status')) as { ready?: boolean };
      if (status.ready) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new WebDriverError(`no WebDriver ready at ${base} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
