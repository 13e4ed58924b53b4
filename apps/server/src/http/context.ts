/** What every request and the app instance carry (Fastify type augmentation). */
import type { Language } from '@cf/shared/messages';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Gateways } from '../gateways';
import type { Metrics } from './metrics';

export interface AuthContext {
  tenantId: string;
  /** 0 for a WeChat visitor who has not bound an account yet. */
  userId: number;
  oauthId: number | null;
  sessionId: string;
  account: string;
  userType: string | null;
  roleName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    gateways: Gateways;
    /** This process's Prometheus metrics (http/metrics.ts). */
    metrics: Metrics;
  }
  interface FastifyRequest {
    lang: Language;
    /** Set by the requireAuth pre-handler. */
    auth: AuthContext;
  }
}
