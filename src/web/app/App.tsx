export function App() {
  return <div>易管 - 让管理更简单</div>;
}
