/** Where the Contact links write to; set VITE_CONTACT_EMAIL at build time to choose it. */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || `contact@${window.location.hostname}`;
