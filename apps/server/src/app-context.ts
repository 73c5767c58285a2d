import type { MediaStorage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

/** What route modules need from the app. */
export interface AppContext {
  config: Config;
  db: Database;
  storage: MediaStorage;
  /** When set, `npm run admin` can hand commands to this server (see lib/data-dir-lock.ts). */
  adminToken?: string;
}
