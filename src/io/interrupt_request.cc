#include <src/io/interrupt_request.h>

#include <csignal>

namespace corot::io
{
  namespace
  {
    /** The signal received; 0: none (see InterruptRequest for why it is global). */
    volatile std::sig_atomic_t received_signal = 0;

    extern "C" void
    on_signal(const int signal)
    {
      received_signal = signal;
      // A second SIGINT or SIGTERM ends the run at once.
      std::signal(signal, SIG_DFL);
    }
  } // namespace

  void
  InterruptRequest::install()
  {
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
  }

  int
  InterruptRequest::pending()
  {
    return received_signal;
  }

  void
  InterruptRequest::clear()
  {
    received_signal = 0;
  }

  void
  InterruptRequest::raise_for_test(const int signal)
  {
    received_signal = signal;
  }

  Interrupted::Interrupted(const int signal)
    : signal_(signal)
    , message_(std::string("interrupted by ") +
               (signal == SIGINT  ? "SIGINT" :
                signal == SIGTERM ? "SIGTERM" :
                                    "signal " + std::to_string(signal)) +
               " after the last converged increment")
  {}

  const char *
  Interrupted::what() const noexcept
  {
    return message_.c_str();
  }
} // namespace corot::io
