// The frame of the sign-in, recovery and registration pages: a centred card with the page heading.
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 md:p-8">
        <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  )
}
