/** The installed app's icon badge: the count of new notifications, none at zero. */
export async function setAppBadge(count: number): Promise<void> {
  if (!('setAppBadge' in navigator)) return;
  try {
    if (count > 0) await navigator.setAppBadge(count);
    else await navigator.clearAppBadge();
  } catch {
    // The platform shows no badges for this app.
  }
}
