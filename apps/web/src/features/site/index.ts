/** Site-wide state from the server: the maintenance switch. */
export { MaintenanceGate, MaintenancePage } from './components/maintenance-gate';
