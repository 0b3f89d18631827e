import { createBrand, createDealership, createUser } from './api';
import { callsOf, replayLifecycleModel, rowBySelectBox } from './lifecycle-driver';

/**
 * The lifecycle machine's paths replayed on each list with a bin. Users take the most paths; brands
 * and dealerships share the same list and machine, so fewer paths there still reach every state in
 * both views and take every kind of step.
 */

replayLifecycleModel({
  one: 'user',
  many: 'users',
  route: '/users',
  api: callsOf('users'),
  create: (token, { name, handle }) => createUser(token, { name, email: `${handle}@example.com` }),
  row: rowBySelectBox,
  order: 'newest first',
  maxPaths: 8,
});

replayLifecycleModel({
  one: 'brand',
  many: 'brands',
  route: '/brands',
  api: callsOf('brands'),
  create: (token, { name, handle }) => createBrand(token, { name, slug: handle }),
  row: rowBySelectBox,
  // A new brand goes last, and so does one restored from the bin.
  order: 'by hand',
  maxPaths: 7,
});

replayLifecycleModel({
  one: 'dealership',
  many: 'dealerships',
  route: '/dealerships',
  api: callsOf('dealerships'),
  create: (token, { name, handle }) => createDealership(token, { name, slug: handle }),
  row: rowBySelectBox,
  order: 'by hand',
  maxPaths: 7,
});
