/** Names and roles for demo staff: a dealership group's head office and sites. */
export const FIRST_NAMES = [
  'Olivia', 'George', 'Amelia', 'Harry', 'Isla', 'Oliver', 'Ava', 'Jack', 'Mia', 'Charlie', 'Grace', 'Thomas',
  'Sophie', 'James', 'Emily', 'William', 'Lily', 'Noah', 'Freya', 'Alfie', 'Ella', 'Oscar', 'Poppy', 'Henry',
];
export const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Robinson',
  'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Clarke', 'Hughes', 'Edwards',
];
export const JOB_TITLES = [
  'Marketing Manager', 'Digital Content Editor', 'Sales Executive', 'General Manager', 'Aftersales Manager',
  'Service Advisor', 'Finance Manager', 'Used Car Manager', 'Customer Experience Lead', 'Group Web Manager',
];
