import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  // Made with the app's first render rather than when its code is evaluated: evaluating the code of a first
  // visit is one task the browser cannot interrupt, the first render is cut in short steps (issue 11).
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
