export function StudioRouter() {
  return <div>运营工作台</div>
}
