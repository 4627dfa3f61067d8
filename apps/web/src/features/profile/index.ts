/** The /profile screen. */
export { ProfileScreen } from './components/profile-screen';
