/**
 * The script each route of the console evaluates before its first interaction, read from the Vite
 * manifest of a build: the entry (index.html's script and its static imports), the route's layout
 * chunk and its screen chunk, each with their static imports. What a screen or a panel imports
 * dynamically (a chart, the rich text editor, the preview, the history panel) loads later and is
 * not counted. Budgets per route, gzipped, are set from measurements (decision 029).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteScreen {
  /** The route's name in src/app/routes.ts ('users.index'). */
  name: string;
  layout: string;
  /** The screen's module, as the manifest keys it ('src/screens/users/UsersIndexScreen.tsx'). */
  screen: string;
}

/** The layouts' modules, as src/app/Router.tsx loads them; the sign-in card's is in the entry. */
const LAYOUT_SOURCES: Record<string, string | null> = {
  auth: null,
  default: 'src/app/layouts/DefaultLayout.tsx',
  builder: 'src/app/layouts/BuilderLayout.tsx',
};

/**
 * The budgets, gzipped bytes of script before the first interaction, by screen module: each route's
 * figure measured for decision 034 (in the comment) with 5% to spare. A screen not named here has the
 * default, the figure of a list screen with a form's weight added.
 */
export const DEFAULT_ROUTE_BUDGET = 250_000;
export const ROUTE_BUDGETS: Record<string, number> = {
  'src/screens/auth/LoginScreen.tsx': 125000, // 118.3 kB
  'src/screens/dashboard/DashboardScreen.tsx': 141000, // 134.2 kB
  'src/screens/users/UsersIndexScreen.tsx': 208000, // 197.3 kB
  'src/screens/users/UserAddScreen.tsx': 244000, // 232.1 kB
  'src/screens/users/UserEditScreen.tsx': 246000, // 233.9 kB
  'src/screens/roles/RolesIndexScreen.tsx': 196000, // 185.9 kB
  'src/screens/roles/RoleAddScreen.tsx': 240000, // 227.9 kB
  'src/screens/roles/RoleEditScreen.tsx': 250000, // 237.6 kB
  'src/screens/brands/BrandsIndexScreen.tsx': 214000, // 203.8 kB
  'src/screens/brands/BrandAddScreen.tsx': 244000, // 232.3 kB
  'src/screens/brands/BrandEditScreen.tsx': 255000, // 242.1 kB
  'src/screens/dealerships/DealershipsIndexScreen.tsx': 215000, // 203.9 kB
  'src/screens/dealerships/DealershipAddScreen.tsx': 253000, // 240.5 kB
  'src/screens/dealerships/DealershipEditScreen.tsx': 263000, // 249.9 kB
  'src/screens/pages/PagesIndexScreen.tsx': 241000, // 228.6 kB
  'src/screens/imports/ImportScreen.tsx': 240000, // 227.8 kB
  'src/screens/pages/PageChildrenScreen.tsx': 226000, // 215.0 kB
  'src/screens/pages/PageBuilderScreen.tsx': 295000, // 280.8 kB
  'src/screens/templates/TemplateBuilderScreen.tsx': 293000, // 278.2 kB
  'src/screens/templates/TemplatesIndexScreen.tsx': 184000, // 175.2 kB
  'src/screens/forms/FormsScreen.tsx': 187000, // 177.8 kB
  'src/screens/forms/FormBuilderScreen.tsx': 296000, // 281.0 kB
  'src/screens/responses/ResponsesIndexScreen.tsx': 237000, // 225.4 kB
  'src/screens/responses/ResponseShowScreen.tsx': 132000, // 125.4 kB
  'src/screens/reservations/ReservationsIndexScreen.tsx': 184000, // 175.1 kB
  'src/screens/reservations/ReservationShowScreen.tsx': 228000, // 216.4 kB
  'src/screens/media/MediaScreen.tsx': 204000, // 193.4 kB
  'src/screens/settings/SettingsScreen.tsx': 251000, // 238.3 kB
  'src/screens/webhooks/WebhooksIndexScreen.tsx': 184000, // 175.2 kB
  'src/screens/webhooks/WebhookAddScreen.tsx': 246000, // 233.5 kB
  'src/screens/webhooks/WebhookEditScreen.tsx': 252000, // 240.0 kB
  'src/screens/workflows/WorkflowsIndexScreen.tsx': 184000, // 174.9 kB
  'src/screens/workflows/WorkflowAddScreen.tsx': 242000, // 230.4 kB
  'src/screens/workflows/WorkflowEditScreen.tsx': 248000, // 235.5 kB
  'src/screens/activity/ActivityScreen.tsx': 229000, // 217.6 kB
};

export function budgetFor(screen: string): number {
  return ROUTE_BUDGETS[screen] ?? DEFAULT_ROUTE_BUDGET;
}

/** Every route of src/app/routes.ts with its layout and screen module (read from its source). */
export function routeScreens(routesSource: string): RouteScreen[] {
  const found: RouteScreen[] = [];
  const pattern =
    /name:\s*'([^']+)'[\s\S]*?layout:\s*'([^']+)'[\s\S]*?load:\s*\(\)\s*=>\s*import\('@\/([^']+)'\)/g;
  for (const [, name = '', layout = '', module = ''] of routesSource.matchAll(pattern))
    found.push({ name, layout, screen: `src/${module}.tsx` });
  return found;
}

/** The files a chunk loads with it: itself and its static imports, transitively. */
export function staticGraph(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export interface RouteWeight extends RouteScreen {
  files: string[];
  gzipBytes: number;
  budget: number;
}

/** Each route's script before its first interaction in the build at `outDir` (built with a manifest). */
export function routeWeights(outDir: string, routesSource: string): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file))).length;
      sizes.set(file, size);
    }
    return size;
  };
  // One row per screen: several routes share a screen (users.add and users.new).
  const seen = new Set<string>();
  return routeScreens(routesSource)
    .filter((route) => !seen.has(route.screen) && seen.add(route.screen))
    .map((route) => {
      if (!manifest[route.screen]) throw new Error(`The build has no chunk for ${route.screen}`);
      const layout = LAYOUT_SOURCES[route.layout];
      const files = [
        ...staticGraph(manifest, [...entries, ...(layout ? [layout] : []), route.screen]),
      ].filter((file) => file.endsWith('.js'));
      return {
        ...route,
        files,
        gzipBytes: files.reduce((sum, file) => sum + gzipped(file), 0),
        budget: budgetFor(route.screen),
      };
    });
}
