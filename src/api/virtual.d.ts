declare module 'virtual:api-call-table' {
  /** Every call's route, read from the contract when the console is built (scripts/callTable.ts). */
  export const callTable: import('@/api/callTable').CallTable;
}
