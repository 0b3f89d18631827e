import type { FastifyInstance } from 'fastify';
import { builderConfigurables, builderItems } from '@/api/contract/builder';
import { CATALOGUE, configurablesFor } from '@/shared/catalogue';
import { registerCall } from '../http/route';

export function builderRoutes(app: FastifyInstance) {
  registerCall(app, builderItems, async () => ({ data: CATALOGUE }));

  registerCall(app, builderConfigurables, async ({ query }) => ({ data: configurablesFor(query.slug) }));
}
