/** The /admin screen: users and billing. */
export { AdminScreen } from './components/admin-screen';
