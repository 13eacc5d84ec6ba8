import { request, type FullConfig } from '@playwright/test';
import { ADMIN, apiClientOver } from './helpers.ts';

/**
 * Signs up the run's admin before any test: the first account of a new site becomes its admin,
 * and every run starts on a fresh database.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const context = await request.newContext({ baseURL });
  try {
    const client = await apiClientOver(context);
    const user = await client
      .signup({ username: ADMIN.username, password: ADMIN.password, email: '', captchaToken: '' })
      .catch((error: unknown) => {
        throw new Error(`Could not sign up the admin: ${error instanceof Error ? error.message : String(error)}`);
      });
    if (!user.isAdmin) throw new Error('The first account did not become an admin; is the database fresh?');
  } finally {
    await context.dispose();
  }
}
