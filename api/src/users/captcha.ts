/** Checks a captcha token with the provider's verification endpoint (hCaptcha's protocol). */
export async function verifyCaptcha(
  options: { secret: string; verifyUrl: string },
  token: string | null,
  remoteIp: string,
): Promise<boolean> {
  if (!token) return false;
  try {
    const response = await fetch(options.verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: options.secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return false;
  }
}
