import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  WEBHOOK_TEST_EVENT,
  webhooksCreate,
  webhooksDelete,
  webhooksDeliveries,
  webhooksList,
  webhooksReplay,
  webhooksRotate,
  webhooksShow,
  webhooksTest,
  webhooksUpdate,
} from '@/api/contract/webhooks';
import type { Db } from '../db/open';
import { webhookDeliveries, webhooks } from '../db/schema/webhooks';
import { recordChange } from '../domain/history/record';
import { paginate } from '../domain/paginate';
import { readTogether, transaction } from '../domain/transaction';
import {
  checkWebhook,
  DELIVERY_NOT_FOUND,
  findWebhook,
  findWebhookRow,
  insertTestEvent,
  listDeliveries,
  listWebhooks,
  queueDelivery,
  WEBHOOK_NOT_FOUND,
  webhookColumns,
} from '../domain/webhooks/endpoints';
import { kickEndpoint } from '../domain/webhooks/outbox';
import { newSecret } from '../domain/webhooks/sign';
import { invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

/** How long the secret before a rotation is still signed with. */
const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export function webhooksRoutes(app: FastifyInstance, opts: { db: Db; allowPrivate: boolean }) {
  const { db, allowPrivate } = opts;

  async function visible(id: number, scope: Parameters<typeof findWebhookRow>[2], q: Db = db) {
    const row = await findWebhookRow(q, id, scope);
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    return row;
  }

  registerCall(app, webhooksList, async ({ query, user, raw }) => {
    const { rows, total } = await listWebhooks(db, user.access.scope, query.page);
    return { webhooks: paginate(raw, rows, total, query.page) };
  });

  registerCall(app, webhooksShow, async ({ params, user }) => {
    const found = await findWebhook(db, params.id, user.access.scope);
    if (!found) throw notFound(WEBHOOK_NOT_FOUND);
    return { data: found };
  });

  registerCall(app, webhooksCreate, async ({ body, user }) => {
    await checkWebhook(db, body, user.access.scope, allowPrivate);
    const secret = newSecret();
    const id = await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(webhooks)
        .values({ ...webhookColumns(body), secret, createdBy: user.id })
        .returning({ id: webhooks.id });
      await recordChange(tx, {
        area: 'webhooks',
        action: 'created',
        record: { id: row!.id, name: body.url },
      });
      return row!.id;
    });
    return {
      id,
      secret,
      message: 'You have added a new webhook. Copy its secret now: it is shown once.',
    };
  });

  registerCall(app, webhooksUpdate, async ({ params, body, user }) => {
    const current = await visible(params.id, user.access.scope);
    const held = { brand_ids: current.brandIds, dealership_ids: current.dealershipIds };
    await checkWebhook(db, body, user.access.scope, allowPrivate, held);
    await transaction(db, async (tx) => {
      const [row] = await tx
        .update(webhooks)
        .set({
          ...webhookColumns(body),
          // Enabled again by hand: it starts afresh, and what waits is sent.
          ...(body.enabled ? { disabledReason: null, failingSince: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(webhooks.id, params.id))
        .returning({ id: webhooks.id });
      if (!row) throw notFound(WEBHOOK_NOT_FOUND);
      await recordChange(tx, {
        area: 'webhooks',
        action: 'updated',
        record: { id: params.id, name: body.url },
      });
      if (body.enabled) await kickEndpoint(tx, params.id);
    });
    return { id: params.id, message: 'You have updated a webhook.' };
  });

  registerCall(app, webhooksDelete, async ({ body, user }) => {
    const ids = [...new Set(body.ids)];
    await transaction(db, async (tx) => {
      const found = await readTogether(
        tx,
        ids.map((id) => () => findWebhookRow(tx, id, user.access.scope)),
      );
      if (found.some((row) => row === null))
        throw invalid({ ids: 'Some of the selected webhooks do not exist.' });
      await tx.delete(webhooks).where(inArray(webhooks.id, ids));
      for (const row of found)
        await recordChange(tx, {
          area: 'webhooks',
          action: 'deleted',
          record: { id: row!.id, name: row!.url },
        });
    });
    return {
      message:
        ids.length === 1 ? 'The webhook has been deleted.' : `${ids.length} webhooks have been deleted.`,
    };
  });

  registerCall(app, webhooksRotate, async ({ params, user }) => {
    await visible(params.id, user.access.scope);
    const secret = newSecret();
    const row = await transaction(db, async (tx) => {
      const [changed] = await tx
        .update(webhooks)
        .set({
          previousSecret: sql`${webhooks.secret}`,
          previousUntil: new Date(Date.now() + PREVIOUS_SECRET_MS),
          secret,
          updatedAt: new Date(),
        })
        .where(eq(webhooks.id, params.id))
        .returning({ id: webhooks.id, url: webhooks.url });
      if (!changed) throw notFound(WEBHOOK_NOT_FOUND);
      await recordChange(tx, {
        area: 'webhooks',
        action: 'updated',
        record: { id: changed.id, name: changed.url },
        detail: 'Secret rotated',
      });
      return changed;
    });
    return {
      id: row.id,
      secret,
      message: 'The webhook has a new secret. The old one is signed with too for the next 24 hours.',
    };
  });

  registerCall(app, webhooksTest, async ({ params, user }) => {
    const row = await visible(params.id, user.access.scope);
    if (!row.enabled) throw invalid({ id: 'Enable the webhook to send it a test event.' });
    const deliveryId = await transaction(db, async (tx) => {
      const eventId = await insertTestEvent(tx, WEBHOOK_TEST_EVENT);
      const id = await queueDelivery(tx, params.id, eventId);
      await kickEndpoint(tx, params.id);
      return id;
    });
    return { delivery_id: deliveryId, message: 'A test event is on its way.' };
  });

  registerCall(app, webhooksDeliveries, async ({ query, user, raw }) => {
    await visible(query.id, user.access.scope);
    const { rows, total } = await listDeliveries(db, query.id, query.page);
    return { deliveries: paginate(raw, rows, total, query.page) };
  });

  registerCall(app, webhooksReplay, async ({ body, user }) => {
    const [delivery] = await db
      .select({ webhookId: webhookDeliveries.webhookId, eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, body.delivery_id));
    const row = delivery ? await findWebhookRow(db, delivery.webhookId, user.access.scope) : null;
    if (!delivery || !row) throw notFound(DELIVERY_NOT_FOUND);
    if (!row.enabled) throw invalid({ delivery_id: 'Enable the webhook to replay its deliveries.' });
    const deliveryId = await transaction(db, async (tx) => {
      const id = await queueDelivery(tx, delivery.webhookId, delivery.eventId, body.delivery_id);
      await kickEndpoint(tx, delivery.webhookId);
      return id;
    });
    return { delivery_id: deliveryId, message: 'The event will be sent again.' };
  });
}
