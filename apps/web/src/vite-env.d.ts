/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the notary network's intranet, linked from the user menu of office members and admins. */
  readonly VITE_INTRANET_URL?: string;
  readonly VITE_NETWORK_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
