import { Navigate, useParams } from 'react-router';

/** The e-mailed link: hand its token to the reset screen in router state, off the address bar. */
export function ResetPasswordRedirect() {
  const { token } = useParams();
  return <Navigate to="/resetpwd" replace state={{ token }} />;
}
