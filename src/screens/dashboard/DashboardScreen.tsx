import { PageHeader } from '@/ui/PageHeader';

/** Analytics land here with their own screen; until then the page has its title. */
export default function DashboardScreen() {
  return <PageHeader title="Dashboard" />;
}
