/** What the console's page may load besides its own origin, as the deployment configures it. */
export interface CspOptions {
  /** The address search loads Google's Places script; only a build with a key (VITE_MAPS_KEY) needs it. */
  maps: boolean;
  /** The admin API when it lives on another origin (VITE_API_URL). */
  apiUrl: string | null;
}

/** What Google's Maps JavaScript API needs (developers.google.com/maps/documentation/javascript/content-security-policy). */
const MAPS = {
  script: ['https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  img: ['https://maps.gstatic.com', 'https://*.googleapis.com', 'https://*.ggpht.com'],
  // The suggestions widget styles itself with inline style sheets and Google's fonts.
  style: ["'unsafe-inline'", 'https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

function originOf(url: string | null): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? [parsed.origin] : [];
  } catch {
    // A relative API base ('/api/') is the console's own origin.
    return [];
  }
}

/**
 * The console page's Content-Security-Policy. The access token lives in local storage, so no
 * script may run but the console's own files: no inline script, no eval, no plugins, no
 * other base URL, and no framing (clickjacking).
 */
export function consoleCsp(options: CspOptions): string {
  const maps = options.maps ? MAPS : { script: [], connect: [], img: [], style: [], font: [] };
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...maps.script]],
    ['style-src', ["'self'", ...maps.style]],
    ['img-src', ["'self'", 'data:', 'blob:', ...maps.img]],
    ['font-src', ["'self'", ...maps.font]],
    ['connect-src', ["'self'", ...originOf(options.apiUrl), ...maps.connect]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
