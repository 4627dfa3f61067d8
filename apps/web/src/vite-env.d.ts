/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the notary network's intranet, linked from the user menu of office members and admins. */
  readonly VITE_INTRANET_URL?: string;
  readonly VITE_NETWORK_NAME?: string;
  /** The publisher's legal name and form, its registered address and trade register entry (legal notice). */
  readonly VITE_NETWORK_COMPANY?: string;
  readonly VITE_NETWORK_ADDRESS?: string;
  readonly VITE_NETWORK_RCS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
