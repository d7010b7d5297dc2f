import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BodyApi,
  type BodyEventHandlers,
  type ContactEvent,
  type PhysicsApi,
  Physics,
  useBody,
} from '../src/index.js';
import { disposeManualClients, Grab, manualClient } from './helpers.js';

afterEach(() => {
  cleanup();
  disposeManualClients();
});

function Ground(handlers: BodyEventHandlers & { sensor?: boolean }) {
  const { sensor, ...rest } = handlers;
  useBody({
    type: 'static',
    userData: 'ground',
    shapes: [{ type: 'box', width: 10, height: 1, ...(sensor ? { isSensor: true } : {}) }],
    ...rest,
  });
  return null;
}

function Crate({ onApi, ...handlers }: BodyEventHandlers & { onApi: (api: BodyApi) => void }) {
  const [, api] = useBody({
    position: { x: 0, y: 1.5 },
    userData: 'crate',
    shapes: [{ type: 'box', width: 0.5, height: 0.5 }],
    ...handlers,
  });
  onApi(api);
  return null;
}

async function stepUntil(physics: PhysicsApi, done: () => boolean, max = 300): Promise<void> {
  for (let i = 0; i < max && !done(); i++) await act(() => physics.step(1));
}

describe('contact and sleep events', () => {
  it('runs contact handlers exactly once per begin and end, for both bodies, under StrictMode', async () => {
    const client = manualClient();
    const crateBegin = vi.fn<(e: ContactEvent) => void>();
    const crateEnd = vi.fn<(e: ContactEvent) => void>();
    const groundBegin = vi.fn<(e: ContactEvent) => void>();
    const hit = vi.fn();
    let crate: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    render(
      <StrictMode>
        <Physics client={client}>
          <Ground onContactBegin={groundBegin} />
          <Crate onApi={(a) => (crate = a)} onContactBegin={crateBegin} onContactEnd={crateEnd} onHit={hit} />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    await stepUntil(physics!, () => crateBegin.mock.calls.length > 0);
    for (let i = 0; i < 30; i++) await act(() => physics!.step(1)); // resting: no more begins
    expect(crateBegin).toHaveBeenCalledTimes(1);
    expect(groundBegin).toHaveBeenCalledTimes(1);
    const e = crateBegin.mock.calls[0]![0];
    expect(e.body).toBe(crate!.id);
    expect(e.otherUserData).toBe('ground');
    expect(groundBegin.mock.calls[0]![0].otherUserData).toBe('crate');
    expect(hit).toHaveBeenCalledTimes(1);
    expect(hit.mock.calls[0]![0].speed).toBeGreaterThan(1);
    act(() => crate!.setTransform({ x: 0, y: 5 }));
    await act(() => physics!.step(1));
    expect(crateEnd).toHaveBeenCalledTimes(1);
    expect(crateBegin).toHaveBeenCalledTimes(1);
  });

  it('reports sensor enter and exit to the sensor body', async () => {
    const client = manualClient();
    const enter = vi.fn<(e: ContactEvent) => void>();
    const exit = vi.fn<(e: ContactEvent) => void>();
    let crate: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    render(
      <Physics client={client}>
        <Ground sensor onSensorEnter={enter} onSensorExit={exit} />
        <Crate onApi={(a) => (crate = a)} />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await stepUntil(physics!, () => enter.mock.calls.length > 0);
    expect(enter).toHaveBeenCalledTimes(1);
    expect(enter.mock.calls[0]![0].other).toBe(crate!.id);
    await stepUntil(physics!, () => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledTimes(1); // it fell through the sensor
  });

  it('calls onSleep when a body comes to rest and onWake when it is woken', async () => {
    const client = manualClient();
    const sleep = vi.fn();
    const wake = vi.fn();
    let crate: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    render(
      <Physics client={client}>
        <Ground />
        <Crate onApi={(a) => (crate = a)} onSleep={sleep} onWake={wake} />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await stepUntil(physics!, () => sleep.mock.calls.length > 0, 600);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep.mock.calls[0]![0]).toBe(crate!.id);
    act(() => crate!.applyImpulse({ x: 0, y: 2 }));
    await act(() => physics!.step(1));
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('listens to contact events only while some body has a contact handler', async () => {
    const client = manualClient();
    const listen = vi.spyOn(client, 'onContactEvents');
    const scene = (handler: boolean) => (
      <Physics client={client}>
        <Ground {...(handler ? { onContactBegin: () => {} } : {})} />
      </Physics>
    );
    const view = render(scene(false));
    expect(listen).not.toHaveBeenCalled();
    view.rerender(scene(true));
    expect(listen).toHaveBeenCalledTimes(1);
    const listeners = (client as unknown as { listeners: { contact: Set<unknown> } }).listeners;
    expect(listeners.contact.size).toBe(1);
    view.rerender(scene(false));
    expect(listeners.contact.size).toBe(0);
  });
});
