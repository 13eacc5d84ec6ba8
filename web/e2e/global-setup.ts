import { request, type FullConfig } from '@playwright/test';
import { ADMIN } from './helpers.ts';

/**
 * Signs up the run's admin before any test: the first account of a new site becomes its admin,
 * and every run starts on a fresh database.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const context = await request.newContext({ baseURL });
  try {
    const initial = await context.get('/api/_initial');
    const token = initial.headers()['csrf-token'] ?? '';
    const response = await context.post('/api/_signup', {
      headers: { 'X-Csrf-Token': token },
      data: { username: ADMIN.username, password: ADMIN.password, email: '', captchaToken: '' },
    });
    if (!response.ok()) throw new Error(`Could not sign up the admin: ${response.status()} ${await response.text()}`);
    const user = (await response.json()) as { isAdmin?: boolean };
    if (!user.isAdmin) throw new Error('The first account did not become an admin; is the database fresh?');
  } finally {
    await context.dispose();
  }
}
