/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The address of the Contact links (defaults to contact@ the site's host). */
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
