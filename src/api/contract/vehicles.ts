import { z } from 'zod';
import { emailField } from './common';
import { defineCall } from './define';
import { exportQueued } from './exports';

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
  response: exportQueued,
  summary: 'Queues an export of every vehicle; the file is e-mailed',
});

/** Every call of this area, under the name the console's `api.vehicles` gives it. */
export const calls = {
  export: vehiclesExport,
};
