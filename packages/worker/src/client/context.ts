/** What the client's parts share. */
import type { World } from '@impulse/core';
import type { HostLink } from './host_link.js';
import type { ResolvedOptions } from './options.js';

export interface ClientContext {
  /** The mirror world (never stepped); a restart without a snapshot replaces it. */
  mirror: World;
  readonly link: HostLink;
  readonly options: ResolvedOptions;
}
