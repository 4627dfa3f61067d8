/** The public contact form. */
export { ContactForm } from './components/contact-form';
