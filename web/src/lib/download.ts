/** Hands the browser a text file to save, as if a link to it had been followed. */
export function downloadTextFile(name: string, text: string, type: string): void {
  // The byte order mark makes spreadsheets read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the address after the click has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
