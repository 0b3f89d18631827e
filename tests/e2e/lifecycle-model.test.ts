import { newBrand, newDealership, newUser } from './api';
import { replayLifecycleModel } from './lifecycle-driver';

/**
 * The lifecycle machine's paths replayed on each list with a bin: one line per area the contract
 * declares (`lifecycleAreas`), naming it and how to make one of its records. Users take the most
 * paths; brands and dealerships share the same list and machine, so fewer paths there still reach
 * every state in both views and take every kind of step.
 */

replayLifecycleModel('users', newUser, { maxPaths: 8 });
replayLifecycleModel('brands', newBrand);
replayLifecycleModel('dealerships', newDealership);
