import { describe, expect, it } from 'vitest';
import { contract } from '@/api/contract/all';
import type { CallDef } from '@/api/contract/define';
import { permissionOf } from '@/api/contract/permissions';
import { routeAccess } from '@/app/routeAccess';
import { navigation, routes } from '@/app/routes';
import { areaAccess } from '@/shared/access';

const callNamed = (name: string): CallDef => {
  const [area, call] = name.split('.') as [string, string];
  const found = (contract as unknown as Record<string, Record<string, CallDef>>)[area]?.[call];
  if (!found) throw new Error(`No call ${name}`);
  return found;
};

describe('who may open each screen', () => {
  it('names for every signed-in route the permission its opening call needs, exactly', () => {
    for (const route of routes.filter((r) => !r.public)) {
      const needs = routeAccess[route.name as keyof typeof routeAccess];
      expect(needs, route.name).toBeDefined();
      // Your own account opens for everyone (users.show is 'signedIn'); anyone else's needs
      // users.view, which the handler asks for and the router asks for too.
      const expected = route.name === 'users.edit' ? 'signedIn' : { area: needs.area, action: needs.action };
      expect(permissionOf(callNamed(needs.call)), `${route.name} opens with ${needs.call}`).toEqual(expected);
      expect(areaAccess[needs.area].actions, route.name).toContain(needs.action);
    }
  });

  it('asks only to view an area to show it in the sidebar, and to view what the link opens', () => {
    for (const item of navigation.flatMap((section) => section.items)) {
      const needs = routeAccess[item.route];
      expect(needs.action, item.label).toBe('view');
      expect(routes.find((r) => r.name === item.route)?.path, item.label).toBe(item.href);
    }
  });

  it('has a screen for every area a role can be given the view of', () => {
    const shown = new Set(navigation.flatMap((s) => s.items).map((item) => routeAccess[item.route].area));
    for (const area of Object.keys(areaAccess)) expect(shown, area).toContain(area);
  });
});
