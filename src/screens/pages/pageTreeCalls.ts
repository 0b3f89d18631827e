import { api } from '@/api/endpoints';

/** The calls every page list makes besides loading its rows. */
export const pageTreeCalls = {
  remove: (id: number) => api.pages.delete({ body: { id } }),
  publish: (id: number) => api.pages.publishable({ body: { id } }),
  restore: (id: number) => api.pages.restore({ body: { id } }),
  move: ({ id, parent }: { id: number; parent: number | null }) => api.pages.move({ body: { id, parent } }),
  duplicate: ({
    id,
    parent,
    fields,
  }: {
    id: number;
    parent: number | null;
    fields: { name: string; children: boolean; publish_children: boolean };
  }) => api.pages.duplicate({ body: { id, parent, fields } }),
  sort: (placements: { id: number; index: number }[]) => api.pages.sort({ body: { data: placements } }),
};
