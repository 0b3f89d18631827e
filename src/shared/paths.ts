/**
 * Every address of the console, by route name. The route table (`app/routes.ts`) serves these
 * patterns and every link the console draws is built from them with `pathTo`, so a moved screen
 * moves every link to it. It holds no screens, so `ui/`, `blocks/`, `screens/` and `app/` can all
 * import it; the server could too.
 */
export const routePaths = {
  login: '/',
  dashboard: '/dashboard',
  'users.index': '/users',
  'users.add': '/users/add',
  'users.new': '/users/new',
  'users.edit': '/users/edit/:id',
  'roles.index': '/roles',
  'roles.add': '/roles/add',
  'roles.edit': '/roles/edit/:id',
  'brands.index': '/brands',
  'brands.add': '/brands/add',
  'brands.edit': '/brands/edit/:id',
  'dealerships.index': '/dealerships',
  'dealerships.add': '/dealerships/add',
  'dealerships.edit': '/dealerships/edit/:id',
  'pages.index': '/pages',
  'pages.import': '/pages/import',
  'pages.children': '/pages/children/:id',
  'pages.add': '/pages/add',
  'pages.addChild': '/pages/add/:id',
  'pages.edit': '/pages/edit/:id',
  'templates.index': '/templates',
  'templates.add': '/templates/add',
  'templates.edit': '/templates/edit/:id',
  'forms.index': '/forms',
  'forms.import': '/forms/import',
  'forms.children': '/forms/children/:id',
  'forms.add': '/forms/add',
  'forms.addChild': '/forms/add/:id',
  'forms.edit': '/forms/edit/:id',
  'media.index': '/media',
  'responses.index': '/responses',
  'responses.show': '/responses/:id',
  'reservations.index': '/reservations',
  'reservations.show': '/reservations/:id',
  settings: '/settings',
  'webhooks.index': '/webhooks',
  'webhooks.add': '/webhooks/add',
  'webhooks.edit': '/webhooks/edit/:id',
  'workflows.index': '/workflows',
  'workflows.add': '/workflows/add',
  'workflows.edit': '/workflows/edit/:id',
  activity: '/activity',
} as const;

export type RouteName = keyof typeof routePaths;

/** The `:names` of a pattern ('/pages/edit/:id' -> 'id'). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOf<N extends RouteName> = ParamNames<(typeof routePaths)[N]>;

/** A route without parameters takes none; one with `:id` must be given its id. */
type ParamsArgument<N extends RouteName> = [ParamsOf<N>] extends [never]
  ? []
  : [params: Record<ParamsOf<N>, string | number>];

/**
 * The address of the route named `name` ('pages.edit'), its `:params` filled in:
 * `pathTo('pages.edit', { id: 12 })` is '/pages/edit/12'. An unknown name or a missing
 * parameter does not compile.
 */
export function pathTo<N extends RouteName>(name: N, ...[params]: ParamsArgument<N>): string {
  const values: Record<string, string | number> = params ?? {};
  return routePaths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key])));
}
