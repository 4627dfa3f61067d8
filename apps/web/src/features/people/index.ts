/** The Persons tab of the project page. */
export { PersonsTab } from './components/persons-tab';
