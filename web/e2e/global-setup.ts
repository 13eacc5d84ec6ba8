import { request, type FullConfig } from '@playwright/test';
import { ADMIN, apiClientOver } from './helpers.ts';

/**
 * Signs up the run's admin on each server before any test: the first account of a new site becomes
 * its admin, and every run starts on fresh databases.
 */
export default async function globalSetup(config: FullConfig) {
  const servers = new Set(config.projects.map((project) => project.use.baseURL));
  for (const baseURL of servers) await signUpAdmin(baseURL);
}

async function signUpAdmin(baseURL: string | undefined) {
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
