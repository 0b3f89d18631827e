import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseRefusal } from '../http/databaseRefusal';
import { dottedErrors, HttpError, summarize } from '../http/errors';

const INVALID = 'The given data was invalid.';

/** What a refused request reads for Fastify's own refusals of the body. */
const BODY_REFUSALS = new Map([
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'The request body is not valid JSON.'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'The request body is not valid JSON.'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'The request is too large.'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Send the request as application/json.'],
]);

/**
 * Every failure as JSON a person can read: the route's own refusals as thrown, schema failures as
 * 422 with field errors (Laravel's dotted keys), a path id that names nothing as 404, a value or write
 * the database refuses as 422 under the field it names, and anything unforeseen as a logged 500 that tells nothing inside.
 */
export const errors = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply
          .status(error.statusCode)
          .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.'),
          message: v.message ?? INVALID,
        }));
        // A path id that is not a number names nothing that exists.
        if (error.validationContext === 'params') return reply.status(404).send({ message: 'Not found.' });
        const errors = dottedErrors(issues);
        return reply.status(422).send({ message: summarize(errors), errors });
      }
      const refused = databaseRefusal(error, request.body);
      if (refused) {
        // The client's input, but worth a look: a route should have refused it with its own words.
        request.log.warn({ err: error }, 'the database refused a write');
        return reply.status(422).send({ message: summarize(refused), errors: refused });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match the contract');
        return reply.status(500).send({ message: 'Something went wrong on our side.' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: BODY_REFUSALS.get(error.code) ?? error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Something went wrong on our side.' });
    });
  },
  { name: 'errors' },
);
