/** What the client's parts share. */
import type { HostLink } from './host_link.js';
import type { Mirror } from './mirror.js';
import type { ResolvedOptions } from './options.js';

export interface ClientContext {
  /** The mirror of the world's structure (never stepped); a restore or a restart replaces it. */
  mirror: Mirror;
  readonly link: HostLink;
  readonly options: ResolvedOptions;
}
