/*
 * mips_errno.h - the MIPS errno values that differ from the host's (Linux's
 * generic numbering, x86-64 and the like), by name: X(ENAME, mips).  Generated
 * once from the cross toolchain's headers and kept here, since the build does not
 * need them:
 *   printf '#include <asm/errno.h>\n' | mips-linux-gnu-gcc -E -dM -   (the MIPS values)
 *   printf '#include <asm/errno.h>\n' | gcc -E -dM -                  (the host's)
 * and every name whose two values differ.  Values up to 34 are the same everywhere.
 */
#ifndef HWPROF_DBT_MIPS_ERRNO_H
#define HWPROF_DBT_MIPS_ERRNO_H

#define MIPS_ERRNOS(X)                                                                             \
  X(ENOMSG, 35)                                                                                    \
  X(EIDRM, 36)                                                                                     \
  X(ECHRNG, 37)                                                                                    \
  X(EL2NSYNC, 38)                                                                                  \
  X(EL3HLT, 39)                                                                                    \
  X(EL3RST, 40)                                                                                    \
  X(ELNRNG, 41)                                                                                    \
  X(EUNATCH, 42)                                                                                   \
  X(ENOCSI, 43)                                                                                    \
  X(EL2HLT, 44)                                                                                    \
  X(EDEADLK, 45)                                                                                   \
  X(ENOLCK, 46)                                                                                    \
  X(EBADE, 50)                                                                                     \
  X(EBADR, 51)                                                                                     \
  X(EXFULL, 52)                                                                                    \
  X(ENOANO, 53)                                                                                    \
  X(EBADRQC, 54)                                                                                   \
  X(EBADSLT, 55)                                                                                   \
  X(EMULTIHOP, 74)                                                                                 \
  X(EBADMSG, 77)                                                                                   \
  X(ENAMETOOLONG, 78)                                                                              \
  X(EOVERFLOW, 79)                                                                                 \
  X(ENOTUNIQ, 80)                                                                                  \
  X(EBADFD, 81)                                                                                    \
  X(EREMCHG, 82)                                                                                   \
  X(ELIBACC, 83)                                                                                   \
  X(ELIBBAD, 84)                                                                                   \
  X(ELIBSCN, 85)                                                                                   \
  X(ELIBMAX, 86)                                                                                   \
  X(ELIBEXEC, 87)                                                                                  \
  X(EILSEQ, 88)                                                                                    \
  X(ENOSYS, 89)                                                                                    \
  X(ELOOP, 90)                                                                                     \
  X(ERESTART, 91)                                                                                  \
  X(ESTRPIPE, 92)                                                                                  \
  X(ENOTEMPTY, 93)                                                                                 \
  X(EUSERS, 94)                                                                                    \
  X(ENOTSOCK, 95)                                                                                  \
  X(EDESTADDRREQ, 96)                                                                              \
  X(EMSGSIZE, 97)                                                                                  \
  X(EPROTOTYPE, 98)                                                                                \
  X(ENOPROTOOPT, 99)                                                                               \
  X(EPROTONOSUPPORT, 120)                                                                          \
  X(ESOCKTNOSUPPORT, 121)                                                                          \
  X(EOPNOTSUPP, 122)                                                                               \
  X(EPFNOSUPPORT, 123)                                                                             \
  X(EAFNOSUPPORT, 124)                                                                             \
  X(EADDRINUSE, 125)                                                                               \
  X(EADDRNOTAVAIL, 126)                                                                            \
  X(ENETDOWN, 127)                                                                                 \
  X(ENETUNREACH, 128)                                                                              \
  X(ENETRESET, 129)                                                                                \
  X(ECONNABORTED, 130)                                                                             \
  X(ECONNRESET, 131)                                                                               \
  X(ENOBUFS, 132)                                                                                  \
  X(EISCONN, 133)                                                                                  \
  X(ENOTCONN, 134)                                                                                 \
  X(EUCLEAN, 135)                                                                                  \
  X(ENOTNAM, 137)                                                                                  \
  X(ENAVAIL, 138)                                                                                  \
  X(EISNAM, 139)                                                                                   \
  X(EREMOTEIO, 140)                                                                                \
  X(ESHUTDOWN, 143)                                                                                \
  X(ETOOMANYREFS, 144)                                                                             \
  X(ETIMEDOUT, 145)                                                                                \
  X(ECONNREFUSED, 146)                                                                             \
  X(EHOSTDOWN, 147)                                                                                \
  X(EHOSTUNREACH, 148)                                                                             \
  X(EALREADY, 149)                                                                                 \
  X(EINPROGRESS, 150)                                                                              \
  X(ESTALE, 151)                                                                                   \
  X(ECANCELED, 158)                                                                                \
  X(ENOMEDIUM, 159)                                                                                \
  X(EMEDIUMTYPE, 160)                                                                              \
  X(ENOKEY, 161)                                                                                   \
  X(EKEYEXPIRED, 162)                                                                              \
  X(EKEYREVOKED, 163)                                                                              \
  X(EKEYREJECTED, 164)                                                                             \
  X(EOWNERDEAD, 165)                                                                               \
  X(ENOTRECOVERABLE, 166)                                                                          \
  X(ERFKILL, 167)                                                                                  \
  X(EHWPOISON, 168)                                                                                \
  X(EDQUOT, 1133)

#endif
