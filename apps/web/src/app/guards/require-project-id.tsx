import { Outlet, useParams } from 'react-router';
import { NotFoundPage } from '../routes/not-found';

/** Project ids are integers: anything else is an unknown address. */
export function RequireProjectId() {
  const { id } = useParams();
  if (!id || !/^[1-9]\d*$/.test(id)) return <NotFoundPage />;
  return <Outlet />;
}
