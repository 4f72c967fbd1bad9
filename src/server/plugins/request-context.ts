// Every request runs as its own actor (db/actor.ts): the address now, the user once the auth plugin (registered
// after this one) has found the session, so every write the request makes is logged as his.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runAs } from '../db/actor';

export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, _reply, done) => runAs({ userId: null, ip: req.ip }, done));
});
