import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { publicRoutes, routes } from '../modules/registry.ts'
import { AppLayout } from '../layout/AppLayout.tsx'
import { NotFoundPage } from '../pages/NotFoundPage.tsx'
import { GatedRoute } from './GatedRoute.tsx'
import { LazyPage } from './LazyPage.tsx'
import { PublicOnly, RequireAuth } from './guards.tsx'

const tree: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: publicRoutes.map((r) => ({ path: r.path, element: <LazyPage route={r} /> })),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          ...routes.map((r) => ({ path: r.path, element: <GatedRoute route={r} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

const router = createBrowserRouter(tree)

export function AppRouter() {
  return <RouterProvider router={router} />
}
