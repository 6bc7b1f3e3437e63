// Browser features the page scripts use that TypeScript's own declarations (lib.dom) leave
// out, for tsc (tsconfig.json); the site does not ship it (sitegen/assets.py copies no .d.ts).

/** The Network Information API (Chromium): only the Save-Data wish is read. */
interface NetworkInformation {
  readonly saveData?: boolean;
}

interface Navigator {
  readonly connection?: NetworkInformation;
  /** The Device Memory API (Chromium): the device's memory in GiB, roughly. */
  readonly deviceMemory?: number;
}

interface WorkerNavigator {
  readonly connection?: NetworkInformation;
}
