package render

import "syscall"

// pipeSize is the buffer asked for on the pipes to and from the render server. Linux gives
// 64 KiB by default: one answer or a few requests fill it, and the writer then waits for the
// reader (node is blocked in a synchronous write to stdout until Go has read it). 1 MiB, the
// default limit for unprivileged processes, holds dozens of pages.
const pipeSize = 1 << 20

// growPipe asks for a larger pipe buffer; it is only an optimisation, so failures are ignored.
func growPipe(f any) {
	sc, ok := f.(syscall.Conn)
	if !ok {
		return
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return
	}
	rc.Control(func(fd uintptr) {
		const fSetPipeSz = 1031 // F_SETPIPE_SZ
		syscall.Syscall(syscall.SYS_FCNTL, fd, fSetPipeSz, pipeSize)
	})
}
