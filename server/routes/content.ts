import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { blogRoutes } from './blog.ts';
import { pollRoutes } from './polls.ts';
import { settingsRoutes } from './settings.ts';
import { tenantRoutes } from './tenant.ts';

export { DEFAULT_TENANT } from './tenant.ts';

/** The shop's content: blog, polls, and a tenant's record and settings; mounted under /api/v1. */
export const contentRoutes = new Hono<AppEnv>()
  .route('/', blogRoutes)
  .route('/', pollRoutes)
  .route('/', settingsRoutes)
  .route('/', tenantRoutes);
