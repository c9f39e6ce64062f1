package moviegraph.neo4j;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

/**
 * A local Neo4j community server: the embedded DBMS with its Bolt connector on 127.0.0.1.
 *
 * <pre>java -cp 'target/neo4j-launcher.jar:target/lib/*' moviegraph.neo4j.Launcher --home DIR --port N</pre>
 *
 * Data lives in DIR/data, Neo4j's own logs in DIR/logs. Authentication is on; the password of user
 * neo4j comes from the environment variable NEO4J_PASSWORD (never from the command line, never
 * printed). Whoever starts it polls Bolt to know when it is ready. SIGTERM shuts it down cleanly.
 */
public final class Launcher {
  private static final String INITIAL_USER = "neo4j";
  /** Neo4j's own minimum (dbms.security.auth_minimum_password_length). */
  private static final int MIN_PASSWORD_LENGTH = 8;
  /** Small on purpose: a development server beside other work; the MetaQA graph is about 30 MB. */
  private static final long PAGE_CACHE_BYTES = ByteUnit.mebiBytes(256);
  /**
   * Written into the data directory once the password is set, so it is set before Bolt ever
   * listens, and only once; a data directory deleted to start afresh takes the marker with it.
   */
  private static final String PASSWORD_MARKER = "initial-password-set";

  private record Options(Path home, int port, String password) {}

  public static void main(String[] args) {
    Options options;
    try {
      options = parse(args, System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("neo4j-launcher: " + e.getMessage());
      System.exit(2);
      return;
    }
    try {
      run(options);
    } catch (Exception e) {
      // Exit even if a half-started DBMS left threads behind, so the caller sees the failure.
      System.err.println("neo4j-launcher: Neo4j failed to start");
      e.printStackTrace();
      System.exit(1);
    }
  }

  private static void run(Options options) throws IOException, InterruptedException {
    Files.createDirectories(options.home());

    if (!Files.exists(options.home().resolve("data").resolve(PASSWORD_MARKER))) {
      setInitialPassword(options);
    }

    DatabaseManagementService dbms = builder(options.home())
        .setConfig(BoltConnector.enabled, true)
        .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", options.port()))
        // The routing table of neo4j:// URIs hands out this address; "localhost" may resolve to ::1.
        .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", options.port()))
        // Bolt otherwise waits 5 s per connector for idle connections and threads when it stops;
        // internal settings, so they are checked again when the pinned version changes.
        .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofSeconds(1))
        .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ofSeconds(1))
        .build();

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.println("neo4j-launcher: shutting down");
      dbms.shutdown();
      System.out.println("neo4j-launcher: stopped");
      stopped.countDown();
    }, "neo4j-launcher-shutdown"));

    System.out.printf("neo4j-launcher: Neo4j %s started, Bolt on 127.0.0.1:%d, data in %s%n",
        neo4jVersion(), options.port(), options.home().resolve("data"));
    stopped.await();
  }

  private static DatabaseManagementServiceBuilder builder(Path home) {
    return new DatabaseManagementServiceBuilder(home)
        .setConfig(GraphDatabaseSettings.auth_enabled, true)
        .setConfig(GraphDatabaseSettings.pagecache_memory, PAGE_CACHE_BYTES);
  }

  /**
   * A new DBMS has user neo4j with password "neo4j", to be changed at first login. That is set here
   * from NEO4J_PASSWORD with Bolt off, so nobody can log in before it is done. Embedded transactions
   * run with full rights, which is what lets them alter a user.
   */
  private static void setInitialPassword(Options options) throws IOException {
    System.out.println("neo4j-launcher: new data directory, setting the password of user neo4j from NEO4J_PASSWORD");
    DatabaseManagementService dbms = builder(options.home()).setConfig(BoltConnector.enabled, false).build();
    try {
      boolean initial = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
          "SHOW USERS YIELD user, passwordChangeRequired WHERE user = $user RETURN passwordChangeRequired",
          Map.of("user", INITIAL_USER),
          result -> result.hasNext() && Boolean.TRUE.equals(result.next().get("passwordChangeRequired")));
      // Not initial: an earlier start set it and stopped before writing the marker.
      if (initial) {
        dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
            "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", options.password()));
      }
    } finally {
      dbms.shutdown();
    }
    Files.writeString(options.home().resolve("data").resolve(PASSWORD_MARKER), "the password of user neo4j was set from NEO4J_PASSWORD\n");
  }

  private static Options parse(String[] args, Map<String, String> env) {
    Path home = null;
    Integer port = null;
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length) throw new IllegalArgumentException(args[i] + " needs a value");
      String value = args[i + 1];
      switch (args[i]) {
        case "--home" -> home = Path.of(value).toAbsolutePath().normalize();
        case "--port" -> port = parsePort(value);
        default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; usage: --home DIR --port N");
      }
    }
    if (home == null || port == null) throw new IllegalArgumentException("usage: --home DIR --port N");
    String password = env.getOrDefault("NEO4J_PASSWORD", "");
    if (password.length() < MIN_PASSWORD_LENGTH) {
      throw new IllegalArgumentException("NEO4J_PASSWORD must be set to at least " + MIN_PASSWORD_LENGTH + " characters");
    }
    return new Options(home, port, password);
  }

  private static int parsePort(String value) {
    try {
      int port = Integer.parseInt(value);
      if (port >= 1 && port <= 65535) return port;
    } catch (NumberFormatException ignored) {
      // reported below, with the value
    }
    throw new IllegalArgumentException("--port takes 1-65535, not " + value);
  }

  private static String neo4jVersion() {
    String version = DatabaseManagementService.class.getPackage().getImplementationVersion();
    return version == null ? "5.26" : version;
  }

  private Launcher() {}
}
