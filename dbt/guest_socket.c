/*
 * guest_socket.c - the guest's sockets: the host's, as qemu-mips gives them.
 * socket, socketpair, bind, connect, listen, accept(4), getsockname, getpeername,
 * send(to), recv(from), shutdown, setsockopt and getsockopt for the options whose
 * value is an int.  Converted: the socket types (MIPS numbers SOCK_DGRAM 1 and
 * SOCK_STREAM 2 the other way round), SOCK_NONBLOCK and SOCK_CLOEXEC (MIPS's open
 * flags), the address family at the head of every address (a 16-bit number, in
 * the guest's byte order; the rest of an address is in network order or bytes
 * alike on both), SOL_SOCKET's level and option numbers, and errno values.
 * Not here (refused, reported): sendmsg, recvmsg, the old socketcall
 * multiplexer, and options with structured values (SO_LINGER, timeouts).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "guest.h"
#include "mips_syscalls.h"

#define MIPS_SOL_SOCKET 0xffff
#define MAX_ADDR        128 /* sizeof (struct sockaddr_storage) */

/* A socket type with its flags, as the host's. */
static int host_type(uint32_t t) {
  int base = (int)(t & 0xf);
  int h = base == 1 ? SOCK_DGRAM : base == 2 ? SOCK_STREAM : base;
  return h | guest_host_oflags(t & 0x80080u) /* O_NONBLOCK, O_CLOEXEC */;
}

/* SOL_SOCKET's int-valued options, MIPS's number and the host's. */
static const struct {
  uint32_t mips;
  int host;
} so_opts[] = {
    {0x0001, SO_DEBUG},     {0x0004, SO_REUSEADDR},  {0x0008, SO_KEEPALIVE}, {0x0010, SO_DONTROUTE},
    {0x0020, SO_BROADCAST}, {0x0100, SO_OOBINLINE},  {0x0200, SO_REUSEPORT}, {0x1001, SO_SNDBUF},
    {0x1002, SO_RCVBUF},    {0x1003, SO_SNDLOWAT},   {0x1004, SO_RCVLOWAT},  {0x1007, SO_ERROR},
    {0x1008, SO_TYPE},      {0x1009, SO_ACCEPTCONN}, {0x1028, SO_PROTOCOL},  {0x1029, SO_DOMAIN},
    {17, SO_PASSCRED},
};

/* An address from the guest (len bytes at a) in host form, in *sa. */
static int64_t get_addr(const guest *g, uint32_t a, uint32_t len, struct sockaddr_storage *sa) {
  if (len > MAX_ADDR)
    return -EINVAL;
  if (!guest_owns(g, a, len))
    return -EFAULT;
  memset(sa, 0, sizeof *sa);
  memcpy(sa, g->mem + a, len);
  if (len >= 2)
    sa->ss_family = guest_rd16(g, a);
  return 0;
}

/* An address the host gave (hlen bytes) to the guest's buffer a, whose size is
 * at la (a value-result length, as Linux has it: the whole length is returned,
 * the address cut to the buffer). */
static int64_t put_addr(guest *g, uint32_t a, uint32_t la, const struct sockaddr_storage *sa,
                        socklen_t hlen) {
  if (!a)
    return 0;
  if (!guest_owns(g, la, 4))
    return -EFAULT;
  uint32_t room = guest_rd32(g, la), n = hlen < room ? hlen : room;
  if (!guest_owns(g, a, n))
    return -EFAULT;
  memcpy(g->mem + a, sa, n);
  if (n >= 2)
    guest_wr16(g, a, sa->ss_family);
  guest_wr32(g, la, hlen);
  return 0;
}

/* getsockname, getpeername, accept4 (which = 2; flags). */
static int64_t named(guest *g, int which, uint32_t fd, uint32_t a, uint32_t la, uint32_t flags) {
  struct sockaddr_storage sa;
  socklen_t len = sizeof sa;
  if (a && !guest_owns(g, la, 4))
    return -EFAULT;
  long r = which == 0   ? getsockname((int)fd, (struct sockaddr *)&sa, &len)
           : which == 1 ? getpeername((int)fd, (struct sockaddr *)&sa, &len)
                        : accept4((int)fd, a ? (struct sockaddr *)&sa : NULL, a ? &len : NULL,
                                  guest_host_oflags(flags & 0x80080u));
  if (r < 0)
    return -guest_errno(errno);
  int64_t e = put_addr(g, a, la, &sa, len);
  return e ? e : r;
}

static int64_t sockopt(guest *g, int set, uint32_t fd, uint32_t level, uint32_t opt, uint32_t va,
                       uint32_t vl) {
  int hl = (int)level, ho = (int)opt;
  if (level == MIPS_SOL_SOCKET) {
    size_t i = 0;
    while (i < sizeof so_opts / sizeof *so_opts && so_opts[i].mips != opt)
      i++;
    if (i == sizeof so_opts / sizeof *so_opts)
      return guest_refuse(g, -guest_errno(ENOPROTOOPT), "socket option %#x (SOL_SOCKET)", opt);
    hl = SOL_SOCKET, ho = so_opts[i].host;
  } else if (level != IPPROTO_TCP && level != IPPROTO_IP && level != IPPROTO_IPV6)
    return guest_refuse(g, -guest_errno(ENOPROTOOPT), "socket option level %u", level);
  int v = 0;
  if (set) {
    if (vl < 4)
      return -EINVAL;
    if (!guest_owns(g, va, 4))
      return -EFAULT;
    v = (int)guest_rd32(g, va);
    return guest_ret(setsockopt((int)fd, hl, ho, &v, sizeof v));
  }
  if (!guest_owns(g, vl, 4) || !guest_owns(g, va, 4))
    return -EFAULT;
  socklen_t len = sizeof v;
  if (getsockopt((int)fd, hl, ho, &v, &len) < 0)
    return -guest_errno(errno);
  if (hl == SOL_SOCKET && ho == SO_TYPE)
    v = v == SOCK_DGRAM ? 1 : v == SOCK_STREAM ? 2 : v;
  else if (hl == SOL_SOCKET && ho == SO_ERROR)
    v = guest_errno(v);
  guest_wr32(g, va, (uint32_t)v);
  guest_wr32(g, vl, 4);
  return 0;
}

/* sendto/recvfrom (send, recv: no address). */
static int64_t transfer(guest *g, int out, const uint32_t a[6]) {
  struct sockaddr_storage sa;
  socklen_t len = sizeof sa;
  if (!guest_owns(g, a[1], a[2]))
    return -EFAULT;
  void *buf = g->mem + a[1];
  if (out) {
    int64_t e = a[4] ? get_addr(g, a[4], a[5], &sa) : 0;
    if (e)
      return e;
    return guest_ret(
        sendto((int)a[0], buf, a[2], (int)a[3], a[4] ? (struct sockaddr *)&sa : NULL, a[5]));
  }
  if (a[4] && !guest_owns(g, a[5], 4))
    return -EFAULT;
  long r = recvfrom((int)a[0], buf, a[2], (int)a[3], a[4] ? (struct sockaddr *)&sa : NULL,
                    a[4] ? &len : NULL);
  if (r < 0)
    return -guest_errno(errno);
  int64_t e = put_addr(g, a[4], a[5], &sa, len);
  return e ? e : r;
}

int guest_socket_call(guest *g, uint32_t nr, const uint32_t a[6], int64_t *ret) {
  struct sockaddr_storage sa;
  int fd[2];
  switch (nr) {
  case SYS_socket: *ret = guest_ret(socket((int)a[0], host_type(a[1]), (int)a[2])); return 1;
  case SYS_socketpair:
    if (!guest_owns(g, a[3], 8))
      *ret = -EFAULT;
    else if (socketpair((int)a[0], host_type(a[1]), (int)a[2], fd) < 0)
      *ret = -guest_errno(errno);
    else {
      guest_wr32(g, a[3], (uint32_t)fd[0]);
      guest_wr32(g, a[3] + 4, (uint32_t)fd[1]);
      *ret = 0;
    }
    return 1;
  case SYS_bind:
  case SYS_connect:
    if (!(*ret = get_addr(g, a[1], a[2], &sa)))
      *ret = guest_ret(nr == SYS_bind ? bind((int)a[0], (struct sockaddr *)&sa, a[2])
                                      : connect((int)a[0], (struct sockaddr *)&sa, a[2]));
    return 1;
  case SYS_listen: *ret = guest_ret(listen((int)a[0], (int)a[1])); return 1;
  case SYS_accept: *ret = named(g, 2, a[0], a[1], a[2], 0); return 1;
  case SYS_accept4: *ret = named(g, 2, a[0], a[1], a[2], a[3]); return 1;
  case SYS_getsockname: *ret = named(g, 0, a[0], a[1], a[2], 0); return 1;
  case SYS_getpeername: *ret = named(g, 1, a[0], a[1], a[2], 0); return 1;
  case SYS_shutdown: *ret = guest_ret(shutdown((int)a[0], (int)a[1])); return 1;
  case SYS_sendto: *ret = transfer(g, 1, a); return 1;
  case SYS_recvfrom: *ret = transfer(g, 0, a); return 1;
  case SYS_send: *ret = transfer(g, 1, (const uint32_t[6]){a[0], a[1], a[2], a[3], 0, 0}); return 1;
  case SYS_recv: *ret = transfer(g, 0, (const uint32_t[6]){a[0], a[1], a[2], a[3], 0, 0}); return 1;
  case SYS_setsockopt: *ret = sockopt(g, 1, a[0], a[1], a[2], a[3], a[4]); return 1;
  case SYS_getsockopt: *ret = sockopt(g, 0, a[0], a[1], a[2], a[3], a[4]); return 1;
  default: return 0;
  }
}
