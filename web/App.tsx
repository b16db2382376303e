import { Router } from "@solidjs/router";
import Layout from "./components/Layout";
import { routes } from "./routes";

export default function App() {
  return <Router root={Layout}>{routes}</Router>;
}
