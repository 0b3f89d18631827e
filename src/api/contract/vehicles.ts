import { z } from 'zod';
import { emailField } from './common';
import { defineCall } from './define';

/** The export modal on the settings screen: where to send the vehicles export. */
export const vehicleExportFields = z.object({
  name: z.literal('vehicles').default('vehicles'),
  email: emailField,
});
export type VehicleExportInput = z.input<typeof vehicleExportFields>;

export const vehiclesExport = defineCall({
  method: 'POST',
  path: 'vehicles/export',
  body: vehicleExportFields,
  response: z.object({ message: z.string() }),
  summary: 'Queues an export of every vehicle; the file is e-mailed',
});

/** Every call of this area, under the name the console's `api.vehicles` gives it. */
export const calls = {
  export: vehiclesExport,
};
