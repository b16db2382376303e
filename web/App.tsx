import { Route, Router } from "@solidjs/router";
import { lazy } from "solid-js";
import Layout from "./components/Layout";
import Home from "./pages/Home";

// Home ships in the first bundle; every other page is its own lazily loaded chunk.
const Search = lazy(() => import("./pages/Search"));
const ServiceDetail = lazy(() => import("./pages/ServiceDetail"));
const Settings = lazy(() => import("./pages/Settings"));
const WaitTimes = lazy(() => import("./pages/WaitTimes"));
const Compare = lazy(() => import("./pages/Compare"));
const HospitalTrends = lazy(() => import("./pages/HospitalTrends"));
const Archive = lazy(() => import("./pages/Archive"));
const Observability = lazy(() => import("./pages/Observability"));
const NotFound = lazy(() => import("./pages/NotFound"));

export default function App() {
  return (
    <Router root={Layout}>
      <Route path="/" component={Home} />
      <Route path="/search" component={Search} />
      <Route path="/services/:id" component={ServiceDetail} />
      <Route path="/waits" component={WaitTimes} />
      <Route path="/waits/compare" component={Compare} />
      <Route path="/waits/:id" component={HospitalTrends} />
      <Route path="/archive" component={Archive} />
      <Route path="/settings" component={Settings} />
      <Route path="/admin/observability" component={Observability} />
      <Route path="*404" component={NotFound} />
    </Router>
  );
}
