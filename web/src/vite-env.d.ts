/// <reference types="vite/client" />

/** The build's id, set by vite.config.ts: a saved query cache is used only by the build that wrote it. */
declare const __APP_BUILD__: string;
